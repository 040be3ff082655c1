import type { z } from 'zod';

type Branded = string & z.$brand<PropertyKey>;

/** Whether a type holds a branded id anywhere. */
type HasBrand<T> = T extends Branded
  ? true
  : T extends readonly (infer E)[]
    ? HasBrand<E>
    : T extends object
      ? true extends { [K in keyof T]-?: HasBrand<T[K]> }[keyof T]
        ? true
        : false
      : false;

/**
 * A server type as JSON carries it to a client: a branded id (`PoolId`, `ModeId`: core/mode/pool.ts) is a plain
 * string once sent. The client declares its types without server code, so they are compared with this; a part
 * holding no such id is left exactly as it is.
 */
export type Unbranded<T> = T extends Branded
  ? string
  : HasBrand<T> extends false
    ? T
    : T extends readonly (infer E)[]
      ? Unbranded<E>[]
      : { [K in keyof T]: Unbranded<T[K]> };
