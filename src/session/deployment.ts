/**
 * What the build fixes for one deployment (webpack's DefinePlugin, scripts/hosted-build.js). Unbuilt
 * sources (jest, benches) see neither constant and fall back to the development values.
 */
declare const __JOBPRICE_ADDIN_ID__: string | undefined;
declare const __JOBPRICE_SERVICE_URL__: string | undefined;

/** manifest.xml's Id, lower case; '' unbuilt. */
export const ADDIN_ID: string = typeof __JOBPRICE_ADDIN_ID__ === 'string' ? __JOBPRICE_ADDIN_ID__ : '';

/** JOBPRICE_SERVICE_URL of a production build, checked there; '' when none was given (or unbuilt). */
export const BUILT_SERVICE_URL: string =
  typeof __JOBPRICE_SERVICE_URL__ === 'string' ? __JOBPRICE_SERVICE_URL__ : '';

/**
 * The keys of what the add-in keeps in OfficeRuntime.storage. That storage belongs to the origin the
 * add-in is served from, and every add-in served from the same origin shares it; the manifest Id keeps
 * this add-in's settings, remembered token and cached results apart from theirs (README: Deploying).
 * Without an Id (unbuilt sources) the keys are the plain ones earlier builds used.
 */
export function storageKeys(addinId: string = ADDIN_ID): {
  settings: string;
  token: string;
  results: string;
} {
  const ns = addinId === '' ? 'jobprice.' : `jobprice.${addinId}.`;
  return { settings: `${ns}settings`, token: `${ns}token`, results: `${ns}results.v1.` };
}
