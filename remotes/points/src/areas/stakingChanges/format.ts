import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError, formatUnits, zeroAddress, type Address } from 'viem';
import type { TFunction } from 'i18next';

/** The staking token is an ERC-20 with 18 decimals (the local StakeToken and Sepolia's). */
export const TOKEN_DECIMALS = 18;

export const formatToken = (value: bigint) => formatUnits(value, TOKEN_DECIMALS);
export const formatBps = (bps: number) => `${bps} bps (+${(bps / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%)`;
export const isZeroAddress = (address: Address | undefined) => !address || address.toLowerCase() === zeroAddress;
export const sameAddress = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** 604800 → "7 d", 5400 → "1 h 30 min", 42 → "42 s". */
export function formatDuration(seconds: bigint): string {
  if (seconds === 0n) return '0 s';
  const parts: string[] = [];
  let rest = seconds;
  for (const [size, unit] of [
    [86_400n, 'd'],
    [3_600n, 'h'],
    [60n, 'min'],
    [1n, 's'],
  ] as const) {
    if (rest >= size) {
      parts.push(`${rest / size} ${unit}`);
      rest %= size;
    }
  }
  return parts.join(' ');
}

/** Why a call failed, in the admin's words: the contract's custom error decoded from the ABI when it reverted. */
export function describeError(error: unknown, t: TFunction): string {
  if (error instanceof BaseError) {
    const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) {
      const name = revert.data?.errorName ?? revert.reason;
      const args = (revert.data?.args ?? []).map((a) => String(a));
      if (name) {
        return t(`staking:revert.${name}`, {
          defaultValue: `${name}(${args.join(', ')})`,
          args: args.join(', '),
          arg0: args[0],
          arg1: args[1],
          arg2: args[2],
        });
      }
    }
    if (error.walk((e) => e instanceof UserRejectedRequestError)) return t('staking:errors.rejected');
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
