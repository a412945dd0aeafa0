import { type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** The Farcaster SignedKeyRequestValidator's EIP-712 domain, on OP Mainnet. */
export const SIGNED_KEY_REQUEST_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const;

export const SIGNED_KEY_REQUEST_TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** The app account's signature that it asks for `key` to sign for the approving account, until `deadline` (Unix seconds). */
export function signKeyRequest(mnemonic: string, request: { requestFid: number; key: Hex; deadline: number }): Promise<Hex> {
  const account = mnemonicToAccount(mnemonic);
  return account.signTypedData({
    domain: SIGNED_KEY_REQUEST_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPES,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(request.requestFid), key: request.key, deadline: BigInt(request.deadline) },
  });
}
