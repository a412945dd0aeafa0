import { type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { verifyTypedData } from 'viem';
import { sendError, sendJson } from './neynarFakeAnswers';
import { type FakeSigner, type NeynarFakeState } from './neynarFakeState';

export interface FakeRequest {
  readonly url: URL;
  readonly json: Record<string, unknown> | null;
}

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

/** `POST /v2/farcaster/signer`: a new signer, `generated`. */
export function createSigner(state: NeynarFakeState, _request: FakeRequest, response: ServerResponse) {
  const signer: FakeSigner = { signer_uuid: randomUUID(), public_key: state.hex(32), status: 'generated' };
  state.signers.set(signer.signer_uuid, signer);
  sendJson(response, 200, present(signer));
}

/** `POST /v2/farcaster/signer/signed_key`: the app's EIP-712 signature over the signer's key, checked against the app's custody address. */
export async function registerSignedKey(state: NeynarFakeState, { json }: FakeRequest, response: ServerResponse) {
  const { signer_uuid, signature, app_fid, deadline } = json ?? {};
  if (typeof signer_uuid !== 'string' || typeof signature !== 'string' || typeof app_fid !== 'number' || typeof deadline !== 'number') {
    return sendError(response, 400, 'InvalidField', 'signer_uuid, signature, app_fid and deadline are required');
  }
  const signer = state.signers.get(signer_uuid);
  if (!signer) return sendError(response, 404, 'NotFound', 'Signer not found', 'signer_uuid');
  if (signer.status !== 'generated') return sendError(response, 400, 'InvalidField', `Signer is ${signer.status}`, 'signer_uuid');
  if (app_fid !== state.appFid) return sendError(response, 400, 'InvalidField', 'app_fid has no custody address known here', 'app_fid');
  if (deadline <= Math.floor(Date.now() / 1000)) return sendError(response, 400, 'InvalidField', 'deadline has passed', 'deadline');
  const valid = await verifyTypedData({
    address: state.custodyAddress,
    domain: DOMAIN,
    types: TYPES,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(app_fid), key: signer.public_key, deadline: BigInt(deadline) },
    signature: signature as `0x${string}`,
  }).catch(() => false);
  if (!valid) return sendError(response, 400, 'InvalidSignature', 'The signature does not match the app fid custody address', 'signature');
  signer.status = 'pending_approval';
  signer.deadline = deadline;
  signer.signer_approval_url = `https://client.farcaster.xyz/deeplinks/signed-key-request?token=0x${signer_uuid.replace(/-/g, '')}`;
  sendJson(response, 200, present(signer));
}

/** `GET /v2/farcaster/signer?signer_uuid=`. */
export function lookupSigner(state: NeynarFakeState, { url }: FakeRequest, response: ServerResponse) {
  const uuid = url.searchParams.get('signer_uuid');
  if (!uuid) return sendError(response, 400, 'InvalidField', 'signer_uuid is required', 'signer_uuid');
  const signer = state.signers.get(uuid);
  if (!signer) return sendError(response, 404, 'NotFound', 'Signer not found', 'signer_uuid');
  sendJson(response, 200, present(signer));
}

/** `GET /v2/farcaster/user/bulk?fids=`. */
export function usersByFid(state: NeynarFakeState, { url }: FakeRequest, response: ServerResponse) {
  const fids = (url.searchParams.get('fids') ?? '').split(',').filter(Boolean).map(Number);
  if (fids.length === 0 || fids.some((f) => !Number.isInteger(f))) return sendError(response, 400, 'InvalidField', 'fids must be integers', 'fids');
  const users = fids.flatMap((fid) => {
    const user = state.users.get(fid);
    return user ? [{ object: 'user', ...user }] : [];
  });
  sendJson(response, 200, { users });
}
