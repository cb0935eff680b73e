// The local chain of `npm start` and the e2e stack: anvil (Sepolia's chain id) with the staking
// contract deployed by the seeded owner, written into the runtime configuration it is given.
import { startAnvil, deployStaking } from '../../contracts/scripts/local.mjs';
import { PORTS, isPortTaken, portInUseMessage } from './ports.mjs';
import { spawnGroup } from './processGroup.mjs';

/** Starts anvil in a process group of its own, deploys, and sets config.chainRpcUrl/stakingContractAddress. */
export async function startLocalChain({ port = PORTS.anvil.fallback, variable = PORTS.anvil.variable, config }) {
  // Another anvil on the port would answer instead of ours (same chain id): refuse it up front.
  if (await isPortTaken(port)) throw new Error(`The local chain was not started: ${portInUseMessage(port, variable)}`);
  const anvil = await startAnvil({ port, spawn: spawnGroup });
  try {
    const { staking, token, owner } = await deployStaking({ rpcUrl: anvil.rpcUrl });
    config.chainRpcUrl = anvil.rpcUrl;
    config.stakingContractAddress = staking;
    delete config.chainExplorerUrl;
    return { ...anvil, staking, token, owner };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
