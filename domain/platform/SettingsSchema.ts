/**
 * The language a platform's descriptor uses for its `settings.values`: one rule per field,
 * declared as data so that the domain's checks, the OpenAPI schemas and the TypeScript
 * types are all generated from the same declaration.
 */
export type FieldRule = FieldKind & FieldPresence;

export type FieldKind = { readonly type: 'boolean' } | { readonly type: 'string' } | { readonly type: 'enum'; readonly values: readonly [string, ...string[]] };

/**
 * "Required" is a rule for writes. A stored value written under an older, looser rule may
 * lack the field, or hold a value the rule no longer allows: reads then use `upcast`, so
 * tightening a rule never makes stored posts unreadable (docs/decisions.md, "Platforms").
 */
export type FieldPresence =
  | { readonly required: true; readonly nullable?: false; readonly upcast: boolean | string }
  | { readonly required: false; readonly nullable: boolean };

export type SettingsSchema = Readonly<Record<string, FieldRule>>;

/** The value a field holds when set: the rule's type, or one of its enum's values. */
export type FieldValue<R> = R extends { readonly type: 'boolean' }
  ? boolean
  : R extends { readonly type: 'string' }
    ? string
    : R extends { readonly type: 'enum'; readonly values: readonly (infer V)[] }
      ? V
      : never;

type StoredValue<R> = R extends { readonly nullable: true } ? FieldValue<R> | null : FieldValue<R>;

type RequiredNames<S> = { [K in keyof S]: S[K] extends { readonly required: true } ? K : never }[keyof S];

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The `values` object a schema describes: required fields present, optional ones may be absent. */
export type ValuesOf<S extends SettingsSchema> = Flatten<
  { readonly [K in RequiredNames<S>]: StoredValue<S[K]> } & {
    readonly [K in Exclude<keyof S, RequiredNames<S>>]?: StoredValue<S[K]>;
  }
>;

/** A schema whose every `upcast` is a value its own field accepts (checked by the compiler). */
export type WithValidUpcasts<S extends SettingsSchema> = {
  readonly [K in keyof S]: S[K] extends { readonly required: true } ? Omit<S[K], 'upcast'> & { readonly upcast: FieldValue<S[K]> } : S[K];
};
