import { MAX_COLS, MAX_ROWS, type Rect } from './a1';
import type { SimSheet, SimWorkbook } from './model';
import type { SimRequestContext } from './office-api';

/**
 * The base of every simulated Office.js proxy (load bookkeeping, property access rules, queued sets and
 * calls) and the errors they throw, shared by office-api.ts and workbook-objects.ts. Only types are
 * imported from office-api.ts, so the two modules do not load each other.
 */

export class SimOfficeError extends Error {
  override readonly name = 'RichApi.Error';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  get debugInfo(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

export const notLoaded = (prop: string): SimOfficeError =>
  new SimOfficeError(
    'PropertyNotLoaded',
    `The property '${prop}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );

export type Op =
  | { kind: 'load'; target: ClientObject; props: string[] | null }
  | { kind: 'set'; target: ClientObject; prop: string; value: unknown }
  | { kind: 'call'; target: ClientObject; name: string; args: unknown[]; run: () => void };

/** Base of every proxy: load bookkeeping and property access rules. */
export abstract class ClientObject {
  private readonly loadedProps = new Map<string, unknown>();
  protected abstract readonly scalarProps: readonly string[];
  constructor(readonly context: SimRequestContext) {}

  load(props?: string | string[] | { select?: string | string[] }): this {
    let list: string[] | null = null;
    const pick = (p: string | string[]): string[] =>
      (Array.isArray(p) ? p : p.split(',')).map((s) => s.trim()).filter(Boolean);
    if (typeof props === 'string' || Array.isArray(props)) list = pick(props);
    else if (props && props.select) list = pick(props.select);
    for (const p of list ?? []) {
      if (!this.scalarProps.includes(p) && p !== 'isNullObject')
        throw new SimOfficeError('InvalidArgument', `Cannot load '${p}'.`);
    }
    this.context.enqueue({ kind: 'load', target: this, props: list });
    return this;
  }

  /** Resolved value of every requested property, read at sync time. */
  snapshot(props: string[] | null): Map<string, unknown> {
    const out = new Map<string, unknown>();
    const isNull = this.isNull();
    out.set('isNullObject', isNull);
    if (isNull) return out;
    for (const p of props ?? this.scalarProps) out.set(p, this.read(p));
    return out;
  }

  accept(values: Map<string, unknown>): void {
    for (const [k, v] of values) this.loadedProps.set(k, v);
  }

  protected get<T>(prop: string): T {
    if (!this.loadedProps.has(prop)) throw notLoaded(prop);
    return this.loadedProps.get(prop) as T;
  }

  get isNullObject(): boolean {
    return this.get<boolean>('isNullObject');
  }

  protected queueSet(prop: string, value: unknown): void {
    this.context.enqueue({ kind: 'set', target: this, prop, value });
  }

  protected queueCall(name: string, args: unknown[], run: () => void): void {
    this.context.enqueue({ kind: 'call', target: this, name, args, run });
  }

  /** true for an *OrNullObject proxy that found nothing. */
  protected isNull(): boolean {
    return false;
  }
  protected abstract read(prop: string): unknown;
  applySet(prop: string, _value: unknown): void {
    throw new SimOfficeError('InvalidArgument', `Property '${prop}' is read-only.`);
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.loadedProps);
  }
}

/** An API of a requirement set newer than the simulated host's fails as on an older Excel. */
export function requireSet(book: SimWorkbook, name: string, version: string, api: string): void {
  if (!book.isSetSupported(name, version))
    throw new SimOfficeError(
      'ApiNotFound',
      `${api} needs ${name} ${version}; this host has ${name} ${book.apiVersions[name] ?? 'none'}.`,
    );
}

export interface Located {
  sheet: SimSheet;
  rect: Rect;
}

export function checkRect(rect: Rect): Rect {
  if (
    rect.r0 < 0 ||
    rect.c0 < 0 ||
    rect.r1 >= MAX_ROWS ||
    rect.c1 >= MAX_COLS ||
    rect.r1 < rect.r0 ||
    rect.c1 < rect.c0
  ) {
    throw new SimOfficeError(
      'InvalidArgument',
      'The argument is invalid or missing or has an incorrect format.',
    );
  }
  return rect;
}
