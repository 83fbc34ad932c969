import { z } from 'zod';
import { errorMessage } from '../domain/error-message';
import { BUILT_SERVICE_URL } from './deployment';

/**
 * The add-in's user settings: where the service is and how the custom functions cache and coalesce.
 * They are not secret, so they live in OfficeRuntime.storage (shared by pane and functions); the token
 * is kept apart by the session and never travels with these.
 */

/** The local reference service (`npm run service`). */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8600';

/**
 * The service address the pane starts with, before the user enters one:
 * - a production build's JOBPRICE_SERVICE_URL, when it was given one;
 * - else, served over https, the pane's own origin: the dev server (and a host set up as README's
 *   Deploying says) forwards /DaaS/* and /oauth/token to the service. WebKit (Excel for Mac, Safari)
 *   refuses http loads from an https page, even to loopback; the same origin works everywhere, and a
 *   hosted pane never starts out pointing at the user's own computer;
 * - else (a plain-http dev page, or no page at all: tests, benches) the local reference service.
 */
export function defaultServiceUrl(
  page: { protocol: string; hostname: string; origin: string } | undefined,
  built: string = BUILT_SERVICE_URL,
): string {
  if (built !== '') return built;
  if (page && page.protocol === 'https:') return page.origin;
  return DEFAULT_SERVICE_URL;
}

const pageLocation = (globalThis as { location?: { protocol: string; hostname: string; origin: string } })
  .location;

export interface Settings {
  /** Base address of the Job Market Match Service, without a trailing slash. */
  serviceUrl: string;
  /** How long a custom-function result stays fresh in the result cache. */
  cacheTtlHours: number;
  /** How long the custom functions wait to gather calls into one batch. */
  coalesceWindowMs: number;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  serviceUrl: defaultServiceUrl(pageLocation),
  cacheTtlHours: 24,
  coalesceWindowMs: 50,
});

/** A setting the user asked for that cannot be accepted; the message is meant for the pane, as is. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

/** 127.0.0.0/8, localhost and [::1]: the only hosts plain http is allowed to (nothing leaves the machine). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '[::1]' || h === '::1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((p) => Number(p) <= 255);
}

/**
 * Checks and normalises a service URL. Https is required because the Bearer token travels with every
 * call; plain http is accepted only to a loopback host (the local reference service).
 * @returns the URL without trailing slashes, query or fragment.
 * @throws SettingsError with a sentence the pane shows unchanged.
 */
export function normalizeServiceUrl(input: string): string {
  const text = input.trim();
  if (text === '') throw new SettingsError('Enter the service URL, for example https://api.example.com.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SettingsError(
      `"${text}" is not a valid URL. Write it in full, for example https://api.example.com.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SettingsError(`The service URL must start with https:// (got ${url.protocol}//).`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new SettingsError(
      `The service URL must use https:// because your access token is sent with every call. ` +
        `Plain http:// is only allowed to this computer (localhost or 127.0.0.1), not to ${url.hostname}.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new SettingsError('Do not put a user name or password in the service URL; sign in below instead.');
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

const ServiceUrlSchema = z.string().transform((value, ctx) => {
  try {
    return normalizeServiceUrl(value);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: errorMessage(e) });
    return z.NEVER;
  }
});

/** Bounds keep a typo (or an edited storage entry) from disabling the cache or stalling the functions. */
export const SettingsSchema = z.object({
  serviceUrl: ServiceUrlSchema,
  cacheTtlHours: z
    .number({ error: 'enter a number of hours' })
    .finite('enter a number of hours')
    .min(0, 'use 0 hours or more')
    .max(24 * 365, 'use at most 8760 hours (one year)'),
  coalesceWindowMs: z
    .number({ error: 'enter a number of milliseconds' })
    .int('use whole milliseconds')
    .min(0, 'use 0 ms or more')
    .max(5000, 'use at most 5000 ms'),
});

/**
 * Reads stored settings leniently: each field that is missing or invalid falls back to its default, so a
 * stale or hand-edited entry never locks the user out of the pane.
 */
export function parseStoredSettings(raw: unknown): Settings {
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const pick = <K extends keyof Settings>(key: K): Settings[K] => {
    const field = SettingsSchema.shape[key].safeParse(obj[key]);
    return field.success ? (field.data as Settings[K]) : DEFAULT_SETTINGS[key];
  };
  return {
    serviceUrl: pick('serviceUrl'),
    cacheTtlHours: pick('cacheTtlHours'),
    coalesceWindowMs: pick('coalesceWindowMs'),
  };
}

/**
 * Applies a change the user asked for; unlike `parseStoredSettings`, anything invalid is refused.
 * @throws SettingsError naming the field and what is wrong.
 */
export function applySettingsPatch(current: Settings, patch: Partial<Settings>): Settings {
  const parsed = SettingsSchema.safeParse({ ...current, ...patch });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'settings');
  const message = issue?.message ?? 'invalid value';
  throw new SettingsError(field === 'serviceUrl' ? message : `${settingLabel(field)}: ${message}`);
}

function settingLabel(field: string): string {
  if (field === 'cacheTtlHours') return 'Cache lifetime (hours)';
  if (field === 'coalesceWindowMs') return 'Batching window (ms)';
  return field;
}
