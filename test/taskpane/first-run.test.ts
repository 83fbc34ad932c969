import { firstRunHint } from '../../src/taskpane/connection-view';

/** What the pane says on a first run, before a service address or a sign-in exists (README: Deploying). */
describe('first run: what to enter', () => {
  const fresh = {
    signedIn: false,
    serviceUrl: 'https://cdn.example.com',
    defaultServiceUrl: 'https://cdn.example.com',
    builtServiceUrl: '',
    pageHost: 'cdn.example.com',
  };

  it('a hosted pane built without a service address says to enter one, and where it comes from', () => {
    expect(firstRunHint(fresh)).toMatch(/^First time here\? Enter the https address of your pricing service/);
  });

  it('a pane built with its service address only asks to sign in there', () => {
    const built = {
      ...fresh,
      builtServiceUrl: 'https://api.example.com',
      serviceUrl: 'https://api.example.com',
      defaultServiceUrl: 'https://api.example.com',
    };
    expect(firstRunHint(built)).toBe(
      'First time here? Sign in to api.example.com with the client ID and secret or the access token you were given.',
    );
  });

  it('says nothing once signed in, once an address was entered, or on this computer (npm start)', () => {
    expect(firstRunHint({ ...fresh, signedIn: true })).toBeNull();
    expect(firstRunHint({ ...fresh, serviceUrl: 'https://api.example.com' })).toBeNull();
    expect(firstRunHint({ ...fresh, pageHost: 'localhost' })).toBeNull();
  });
});
