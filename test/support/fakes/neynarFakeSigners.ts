import { randomUUID } from 'node:crypto';
import { verifyTypedData } from 'viem';
import { type NeynarCall, neynarError } from './neynarFakeAnswers';
import { type FakeSigner, type FakeUser } from './neynarFakeState';

/** Written from Farcaster's documentation of the SignedKeyRequestValidator, not from the service's code. */
const DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const;
const TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

const present = (s: FakeSigner) => ({ object: 'signer', ...s, deadline: undefined });

/** `POST /v2/farcaster/signer/` (create-signer): a new signer, `generated`. */
export function createSigner(call: NeynarCall) {
  const signer: FakeSigner = { signer_uuid: randomUUID(), public_key: call.state.hex(32), status: 'generated' };
  call.state.signers.set(signer.signer_uuid, signer);
  call.answer(200, present(signer));
}

/**
 * `POST /v2/farcaster/signer/signed_key/` (register-signed-key): the app's EIP-712 signature over
 * the signer's key, checked against the app's custody address. (The fields' presence and types
 * are the description's to check.)
 */
export async function registerSignedKey(call: NeynarCall) {
  const { state } = call;
  const { signer_uuid, signature, app_fid, deadline } = call.json() as { signer_uuid: string; signature: string; app_fid: number; deadline: number };
  const signer = state.signers.get(signer_uuid);
  if (!signer) return call.send(neynarError(404, 'NotFound', 'Signer not found', 'signer_uuid'));
  if (signer.status !== 'generated') return call.send(neynarError(400, 'InvalidField', `Signer is ${signer.status}`, 'signer_uuid'));
  if (app_fid !== state.appFid) return call.send(neynarError(400, 'InvalidField', 'app_fid has no custody address known here', 'app_fid'));
  if (deadline <= Math.floor(Date.now() / 1000)) return call.send(neynarError(400, 'InvalidField', 'deadline has passed', 'deadline'));
  const valid = await verifyTypedData({
    address: state.custodyAddress,
    domain: DOMAIN,
    types: TYPES,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(app_fid), key: signer.public_key, deadline: BigInt(deadline) },
    signature: signature as `0x${string}`,
  }).catch(() => false);
  if (!valid) return call.send(neynarError(400, 'InvalidSignature', 'The signature does not match the app fid custody address', 'signature'));
  signer.status = 'pending_approval';
  signer.deadline = deadline;
  signer.signer_approval_url = `https://client.farcaster.xyz/deeplinks/signed-key-request?token=0x${signer_uuid.replace(/-/g, '')}`;
  call.answer(200, present(signer));
}

/** `GET /v2/farcaster/signer/?signer_uuid=` (lookup-signer). */
export function lookupSigner(call: NeynarCall) {
  const signer = call.state.signers.get(call.url.searchParams.get('signer_uuid') ?? '');
  if (!signer) return call.send(neynarError(404, 'NotFound', 'Signer not found', 'signer_uuid'));
  call.answer(200, present(signer));
}

/** A user as the description's `User` has one: the account's own fields, the rest empty. */
export const describedUser = (user: FakeUser) => ({
  object: 'user',
  ...user,
  custody_address: `0x${user.fid.toString(16).padStart(40, '0')}`,
  registered_at: '2023-06-01T12:00:00.000Z',
  profile: { bio: { text: '' } },
  follower_count: 0,
  following_count: 0,
  verifications: [],
  auth_addresses: [],
  verified_addresses: {
    eth_addresses: [],
    sol_addresses: [],
    // Nullable by intent, but `nullable` without a `type` beside it allows no null (OpenAPI 3.0.4): an address each.
    primary: { eth_address: `0x${user.fid.toString(16).padStart(40, 'e')}`, sol_address: '11111111111111111111111111111111' },
  },
  verified_accounts: [],
});

/** `GET /v2/farcaster/user/bulk/?fids=` (fetch-bulk-users). */
export function usersByFid(call: NeynarCall) {
  const fids = (call.url.searchParams.get('fids') ?? '').split(',').filter(Boolean).map(Number);
  if (fids.length === 0 || fids.some((f) => !Number.isInteger(f))) return call.send(neynarError(400, 'InvalidField', 'fids must be integers', 'fids'));
  const users = fids.flatMap((fid) => {
    const user = call.state.users.get(fid);
    return user ? [describedUser(user)] : [];
  });
  call.answer(200, { users });
}
