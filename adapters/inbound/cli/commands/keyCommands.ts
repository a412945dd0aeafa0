import { type CliCommand } from '../CliCommand';
import { type SigningKeyView } from '../SigningKeyAdmin';

const viewOf = (k: SigningKeyView) => ({
  kid: k.kid,
  status: k.status,
  createdAt: k.createdAt.toISOString(),
  activatesAt: k.activatesAt.toISOString(),
  removableAfter: k.removableAfter?.toISOString() ?? null,
});

const lineOf = (k: ReturnType<typeof viewOf>) =>
  `${k.kid} ${k.status}; created ${k.createdAt}, signs from ${k.activatesAt}${k.removableAfter === null ? '' : `, removable after ${k.removableAfter}`}`;

/** Removes the keys whose tokens have all expired, then adds one that is published before it signs. */
const rotateKeys: CliCommand = {
  group: 'keys',
  action: 'rotate',
  required: [],
  optional: [],
  async run(_flags, { signingKeys }) {
    const pruned = await signingKeys.prune();
    const { kid } = await signingKeys.rotate();
    const added = viewOf((await signingKeys.describe()).find((k) => k.kid === kid)!);
    const removed = pruned.length === 0 ? '' : `; removed ${pruned.join(', ')}`;
    return { json: { key: added, pruned }, text: `added key ${lineOf(added)}${removed}` };
  },
};

const listKeys: CliCommand = {
  group: 'keys',
  action: 'list',
  required: [],
  optional: [],
  async run(_flags, { signingKeys }) {
    const keys = (await signingKeys.describe()).map(viewOf);
    return { json: { keys }, text: keys.length === 0 ? 'no signing keys yet (one is made on first use)' : keys.map(lineOf).join('\n') };
  },
};

export const keyCommands: readonly CliCommand[] = [rotateKeys, listKeys];
