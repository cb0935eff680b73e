import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export const WALLET_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

// A list shows the same addresses on every render of its rows; a keccak costs about 1 ms at 4x CPU.
const checksummed = new Map<string, string>();
const CACHED_ADDRESSES = 2_000;

/** EIP-55 mixed-case checksum of an address (for display; stored and compared lower-cased). */
export function checksumAddress(address: string): string {
  if (!WALLET_ADDRESS_PATTERN.test(address)) return address;
  const lower = address.slice(2).toLowerCase();
  const known = checksummed.get(lower);
  if (known) return known;
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  if (checksummed.size >= CACHED_ADDRESSES) checksummed.clear();
  checksummed.set(lower, out);
  return out;
}
