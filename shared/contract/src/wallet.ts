import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export const WALLET_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55 mixed-case checksum of an address (for display; stored and compared lower-cased). */
export function checksumAddress(address: string): string {
  if (!WALLET_ADDRESS_PATTERN.test(address)) return address;
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}
