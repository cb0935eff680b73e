import { isDeepStrictEqual } from 'node:util';
import {
  createPublicClient,
  decodeFunctionData,
  http,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
  type Transaction,
  type TransactionReceipt,
} from 'viem';
import { pointBoosterStakingAbi as abi } from '@phoenix/contracts';
import {
  STAKING_ERROR_CODES,
  STAKING_MISMATCH_REASONS,
  type StakingChangeInput,
  type StakingChangeKind,
  type StakingMismatchReason,
  type StakingParameters,
} from '@phoenix/contract';
import type { StakingChainSettings } from '@phoenix/server/config';
import { HttpError } from '@phoenix/server/http';

/**
 * The chain check of a reported staking change (docs/staking.md): the server reads the transaction
 * and its receipt from its own RPC and decodes them with the contract's ABI, so what is recorded is
 * what reached the chain, never what the browser says reached it.
 */

/** The report does not match the chain: refused, logged as staking.mismatch and counted (routes.ts). */
export class StakingMismatch extends Error {
  constructor(
    readonly reason: StakingMismatchReason,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(STAKING_MISMATCH_REASONS[reason]);
    this.name = 'StakingMismatch';
  }
}

export const chainNotConfigured = () =>
  new HttpError(
    503,
    STAKING_ERROR_CODES.chainNotConfigured,
    'The server has no chain to check staking transactions on (STAKING_RPC_URL, STAKING_CONTRACT_ADDRESS): nothing was recorded',
  );
const chainUnavailable = () =>
  new HttpError(
    503,
    STAKING_ERROR_CODES.chainUnavailable,
    'The server could not reach its chain to check this transaction: nothing was recorded, report it again later',
  );

/** The page reports once its own RPC has the receipt; the server's may lag a block behind. */
const LOOKUP_RETRY_DELAYS_MS = [300, 1000];

/** What the chain holds for a reported change: the decoded call and events, as JSON (bigints as strings). */
export interface CheckedTransaction {
  hash: Hash;
  blockNumber: string;
  from: string;
  to: string | null;
  status: 'success' | 'reverted';
  /** The staking contract's function and arguments; null for a replacement sent elsewhere (a cancellation). */
  call: { functionName: string; args: unknown[] } | null;
  events: { eventName: string; args: unknown }[];
  /** The parameters the call set (tiers, lockPeriod, paused, pendingOwner). */
  parameters: StakingParameters | null;
}

/** uint256 → decimal string, everything else as is: for the action log's JSON. */
const jsonable = (value: unknown): unknown =>
  typeof value === 'bigint'
    ? value.toString()
    : Array.isArray(value)
      ? value.map(jsonable)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonable(v)]))
        : value;

const lower = (address: string | null | undefined) => address?.toLowerCase() ?? null;

/** The page's parameters for a call, as the contract decoded them (the shape intents and the page use). */
function parametersOf(functionName: string, args: readonly unknown[]): StakingParameters | null {
  switch (functionName as StakingChangeKind) {
    case 'setTiers':
      return {
        tiers: (args[0] as { minStake: bigint; boosterBps: number }[]).map((t) => ({
          minStake: t.minStake.toString(),
          boosterBps: Number(t.boosterBps),
        })),
      };
    case 'setLockPeriod':
      return { lockPeriod: String(args[0]) };
    case 'pause':
      return { paused: true };
    case 'unpause':
      return { paused: false };
    case 'transferOwnership':
      return { pendingOwner: String(args[0]).toLowerCase() };
    default:
      return null;
  }
}

/** Addresses compare case-insensitively; everything else exactly. */
const normalized = (parameters: StakingParameters): StakingParameters =>
  parameters.pendingOwner ? { ...parameters, pendingOwner: parameters.pendingOwner.toLowerCase() } : parameters;

/** The event each change must emit, and whether its arguments show the decoded parameters. */
function emittedAsCalled(change: StakingChangeKind, parameters: StakingParameters, events: CheckedTransaction['events']): boolean {
  const find = (name: string) => events.find((e) => e.eventName === name)?.args as Record<string, unknown> | undefined;
  switch (change) {
    case 'setTiers':
      return isDeepStrictEqual(find('TiersUpdated')?.newTiers, parameters.tiers);
    case 'setLockPeriod':
      return find('LockPeriodUpdated')?.newLockPeriod === parameters.lockPeriod;
    case 'pause':
      return find('Paused') !== undefined;
    case 'unpause':
      return find('Unpaused') !== undefined;
    case 'transferOwnership':
      return lower(find('OwnershipTransferStarted')?.newOwner as string | undefined) === parameters.pendingOwner;
  }
}

export interface ChainCheck {
  settings: StakingChainSettings;
  /** Built once per app: viem's client over the server's own RPC. */
  client: PublicClient;
}

export function chainCheckFor(settings: StakingChainSettings): ChainCheck {
  return { settings, client: createPublicClient({ transport: http(settings.rpcUrl, { retryCount: 1, timeout: 10_000 }) }) };
}

/** The mined transaction and its receipt; a StakingMismatch when the chain has none; 503 when the RPC fails. */
async function fetchMined(client: PublicClient, hash: Hash): Promise<{ tx: Transaction; receipt: TransactionReceipt }> {
  for (let attempt = 0; ; attempt++) {
    let tx: Transaction | null = null;
    try {
      tx = await client.getTransaction({ hash });
      if (tx.blockNumber !== null) return { tx, receipt: await client.getTransactionReceipt({ hash }) };
    } catch (error) {
      if (!(error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError)) throw chainUnavailable();
    }
    const delay = LOOKUP_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) throw new StakingMismatch(tx ? 'not_mined' : 'unknown_transaction', { hash });
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** The receipt's events from the staking contract, decoded (strict: an event the ABI does not know is left out). */
const eventsOf = (receipt: TransactionReceipt, contract: string) =>
  parseEventLogs({ abi, logs: receipt.logs.filter((log) => lower(log.address) === contract) }).map((log) => ({
    eventName: log.eventName,
    args: jsonable(log.args),
  }));

/** Whether a mined transaction is the staking call `change` with `expected` parameters (each given set). */
function decodeAsChange(
  tx: Transaction,
  contract: string,
  change: StakingChangeKind,
  expected: StakingParameters[],
): Pick<CheckedTransaction, 'call' | 'parameters'> {
  if (lower(tx.to) !== contract) throw new StakingMismatch('wrong_contract', { to: lower(tx.to) });
  let decoded: { functionName: string; args?: readonly unknown[] };
  try {
    decoded = decodeFunctionData({ abi, data: tx.input });
  } catch {
    throw new StakingMismatch('different_call', { selector: tx.input.slice(0, 10) });
  }
  if (decoded.functionName !== change) throw new StakingMismatch('different_call', { functionName: decoded.functionName });
  const args = decoded.args ?? [];
  const parameters = parametersOf(decoded.functionName, args);
  const call = { functionName: decoded.functionName, args: jsonable(args) as unknown[] };
  for (const wanted of expected) {
    if (!parameters || !isDeepStrictEqual(normalized(wanted), parameters)) {
      throw new StakingMismatch('different_arguments', { call, expected: wanted });
    }
  }
  return { call, parameters };
}

const summary = (tx: Transaction, receipt: TransactionReceipt) => ({
  hash: tx.hash,
  blockNumber: receipt.blockNumber.toString(),
  from: tx.from.toLowerCase(),
  to: lower(tx.to),
  status: receipt.status,
});

/**
 * Reads the reported transaction from the chain and checks it against the report and the
 * parameters that were approved (`expected`: the intent's and the report's `after`):
 * - confirmed / failed: the mined transaction (replacedBy when the wallet sped it up, else txHash) is
 *   a call of the staking contract's `change` with those parameters, mined with that outcome, and a
 *   confirmed one emitted the change's event;
 * - replaced: the reported hash was never mined, and what was mined in its place (replacedBy) is not
 *   a call of the staking contract (a cancellation); a replacement that calls it was not approved.
 */
export async function checkOnChain(
  check: ChainCheck,
  input: Pick<StakingChangeInput, 'change' | 'txHash' | 'outcome' | 'replacedBy'>,
  expected: StakingParameters[],
): Promise<CheckedTransaction> {
  const contract = check.settings.contractAddress.toLowerCase();
  if (input.outcome === 'replaced') return checkReplaced(check, input, contract);

  const { tx, receipt } = await fetchMined(check.client, (input.replacedBy ?? input.txHash) as Hash);
  if (tx.chainId !== undefined && tx.chainId !== check.settings.chainId) throw new StakingMismatch('wrong_chain', { chainId: tx.chainId });
  const decoded = decodeAsChange(tx, contract, input.change, expected);
  const wantedStatus = input.outcome === 'confirmed' ? 'success' : 'reverted';
  if (receipt.status !== wantedStatus) throw new StakingMismatch('outcome_differs', { status: receipt.status, call: decoded.call });
  const events = eventsOf(receipt, contract);
  if (receipt.status === 'success' && !emittedAsCalled(input.change, decoded.parameters!, events)) {
    throw new StakingMismatch('events_differ', { call: decoded.call, events });
  }
  return { ...summary(tx, receipt), ...decoded, events };
}

async function checkReplaced(
  check: ChainCheck,
  input: Pick<StakingChangeInput, 'txHash' | 'replacedBy'>,
  contract: string,
): Promise<CheckedTransaction> {
  if (!input.replacedBy) throw new StakingMismatch('unknown_transaction', { replacedBy: null });
  // Only one transaction of a nonce is ever mined: the reported one must not be.
  const original = await check.client.getTransactionReceipt({ hash: input.txHash as Hash }).catch((error: unknown) => {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw chainUnavailable();
  });
  if (original) throw new StakingMismatch('outcome_differs', { status: original.status, hash: input.txHash });
  const { tx, receipt } = await fetchMined(check.client, input.replacedBy as Hash);
  if (lower(tx.to) === contract) throw new StakingMismatch('replaced_by_staking_call', { hash: tx.hash, input: tx.input.slice(0, 10) });
  return { ...summary(tx, receipt), call: null, events: [], parameters: null };
}
