import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBlockNumber, useReadContracts } from 'wagmi';
import type { Address } from 'viem';
import { pointBoosterStakingAbi } from '@phoenix/contracts';
import { STAKING_CHAIN_ID } from './chain';

export interface StakingTierValue {
  minStake: bigint;
  boosterBps: number;
}

/** What the contract holds now: read in one batch, refreshed on each new block. */
export interface StakingParameters {
  tiers: readonly StakingTierValue[];
  lockPeriod: bigint;
  paused: boolean;
  totalStaked: bigint;
  owner: Address;
  pendingOwner: Address;
  stakingToken: Address;
}

export function useStakingParameters(address: Address) {
  const queryClient = useQueryClient();
  const contract = { address, abi: pointBoosterStakingAbi, chainId: STAKING_CHAIN_ID } as const;
  const read = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...contract, functionName: 'tiers' },
      { ...contract, functionName: 'lockPeriod' },
      { ...contract, functionName: 'paused' },
      { ...contract, functionName: 'totalStaked' },
      { ...contract, functionName: 'owner' },
      { ...contract, functionName: 'pendingOwner' },
      { ...contract, functionName: 'stakingToken' },
    ],
  });
  const { data: blockNumber } = useBlockNumber({ chainId: STAKING_CHAIN_ID, watch: true });
  // wagmi's documented way to follow the chain: invalidate the read when a new block arrives.
  useEffect(() => {
    if (blockNumber !== undefined) void queryClient.invalidateQueries({ queryKey: read.queryKey });
  }, [blockNumber]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new block refreshes
  let parameters: StakingParameters | undefined;
  if (read.data) {
    const [tiers, lockPeriod, paused, totalStaked, owner, pendingOwner, stakingToken] = read.data;
    parameters = { tiers, lockPeriod, paused, totalStaked, owner, pendingOwner, stakingToken };
  }
  return { parameters, blockNumber, error: read.error, isLoading: read.isLoading, refetch: read.refetch };
}
