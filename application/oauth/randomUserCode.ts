import { USER_CODE_ALPHABET, USER_CODE_LENGTH } from '../../domain/oauth/userCode';
import { type RandomSource } from '../ports/RandomSource';

/** Eight letters of the user-code alphabet, each uniform: bytes past the last whole multiple of 20 are skipped. */
export function randomUserCode(random: RandomSource): string {
  const limit = 256 - (256 % USER_CODE_ALPHABET.length);
  let code = '';
  while (code.length < USER_CODE_LENGTH) {
    for (const byte of Buffer.from(random.token(16), 'base64url')) {
      if (byte < limit && code.length < USER_CODE_LENGTH) code += USER_CODE_ALPHABET[byte % USER_CODE_ALPHABET.length];
    }
  }
  return code;
}
