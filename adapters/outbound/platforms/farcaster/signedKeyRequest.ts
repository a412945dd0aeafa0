import { type Hex } from 'viem';
import { english, type HDAccount, mnemonicToAccount } from 'viem/accounts';

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

const WORDS = new Set(english);

/** The app account's custody key from its recovery phrase; a refusal never repeats the phrase. */
export function appAccount(mnemonic: string): HDAccount {
  const words = mnemonic.trim().split(/\s+/);
  const unknown = words.filter((word) => !WORDS.has(word)).length;
  if (unknown > 0) throw new Error(`FARCASTER_APP_MNEMONIC: ${unknown} of its words are not BIP-39 English words`);
  try {
    return mnemonicToAccount(words.join(' '));
  } catch {
    throw new Error('FARCASTER_APP_MNEMONIC: not a recovery phrase a key can be derived from');
  }
}

/** The app account's signature that it asks for `key` to sign for the approving account, until `deadline` (Unix seconds). */
export function signKeyRequest(account: HDAccount, request: { requestFid: number; key: Hex; deadline: number }): Promise<Hex> {
  return account.signTypedData({
    domain: SIGNED_KEY_REQUEST_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPES,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(request.requestFid), key: request.key, deadline: BigInt(request.deadline) },
  });
}
