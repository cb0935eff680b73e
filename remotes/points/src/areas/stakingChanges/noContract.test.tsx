import { screen } from '@testing-library/react';
import { runtimeConfigAtom } from '@phoenix/shell';
import { TEST_CONFIG, createTestShell, renderWithShell } from '@phoenix/shell/src/testing';
import StakingPage from './StakingPage';

/** The page in an environment whose file still has the zero address (every repository file until deployment). */
function renderWithoutContract(language: 'en' | 'ja') {
  const shell = createTestShell();
  shell.store.set(runtimeConfigAtom, { ...TEST_CONFIG, environment: 'prd', stakingContractAddress: `0x${'0'.repeat(40)}` });
  // No request may leave: there is no contract to read.
  const requests: string[] = [];
  globalThis.fetch = ((input: RequestInfo | URL) => {
    requests.push(String(input instanceof Request ? input.url : input));
    return Promise.reject(new Error('no request expected'));
  }) as typeof fetch;
  renderWithShell(<StakingPage />, { shell, language });
  return requests;
}

test('no contract address: says so plainly, names the file to set, reads nothing (English)', async () => {
  const requests = renderWithoutContract('en');
  expect(await screen.findByText('No staking contract in this environment')).toBeInTheDocument();
  expect(
    screen.getByText(
      'The prd environment has no staking contract address: stakingContractAddress in environments/prd.json is the zero address. There is nothing to read or change here until the contract is deployed to Sepolia and its address is set in that file.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Staking Configuration' })).toBeInTheDocument();
  expect(screen.queryByText('Reading the contract…')).not.toBeInTheDocument();
  expect(screen.queryByText('The contract could not be read')).not.toBeInTheDocument();
  expect(requests).toEqual([]);
});

test('コントラクトのアドレスがない環境：そのことと設定するファイルを日本語で示す', async () => {
  const requests = renderWithoutContract('ja');
  expect(await screen.findByText('この環境にはステーキングコントラクトがありません')).toBeInTheDocument();
  expect(
    screen.getByText(
      /prd 環境にはステーキングコントラクトのアドレスが設定されていません（environments\/prd\.json の stakingContractAddress がゼロアドレスです）/,
    ),
  ).toBeInTheDocument();
  expect(screen.getByText(/Sepolia（チェーン ID 11155111）上のポイントブースター/)).toBeInTheDocument();
  expect(requests).toEqual([]);
});
