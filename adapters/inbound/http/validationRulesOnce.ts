import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Rules = ReturnType<Storage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const REMEMBERING = Symbol('validationRulesOnce');

/**
 * class-validator gathers a class's rules anew for every object it validates: it filters the
 * class's own rules, walks every class the process has rules for to find inherited ones, and
 * groups the result by property, for each nested object of each body (a thread's post, group,
 * segments, target and settings: six times a posts.create). The rules only change when a class
 * is declared, so they are gathered once per class here and forgotten whenever a rule is added.
 * Validations with groups (none in this service) are left to the library. Neither result is
 * changed by its callers (ValidationExecutor only reads them), so one copy serves every call.
 */
export function rememberValidationRules(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [REMEMBERING]?: true };
  if (marked[REMEMBERING]) return;
  marked[REMEMBERING] = true;
  const gather = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let gathered = new Map<unknown, Map<string, Rules>>();
  let grouped = new WeakMap<Rules, Grouped>();
  storage.addValidationMetadata = (metadata) => {
    gathered = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups !== undefined && groups.length > 0) return gather(target, schema, always, strictGroups, groups);
    let byOptions = gathered.get(target);
    if (byOptions === undefined) {
      byOptions = new Map();
      gathered.set(target, byOptions);
    }
    const key = `${schema}\u0000${always}\u0000${strictGroups}`;
    let rules = byOptions.get(key);
    if (rules === undefined) {
      rules = gather(target, schema, always, strictGroups, groups);
      byOptions.set(key, rules);
    }
    return rules;
  };
  storage.groupByPropertyName = (metadata) => {
    let byProperty = grouped.get(metadata);
    if (byProperty === undefined) {
      byProperty = group(metadata);
      grouped.set(metadata, byProperty);
    }
    return byProperty;
  };
}
