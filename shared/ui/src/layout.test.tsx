import { render, screen } from '@testing-library/react';
import { AccountAddress } from './layout';

test('AccountAddress shows the whole address in EIP-55 case, however it was stored', () => {
  render(<AccountAddress value="0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" />);
  // The EIP-55 specification's first example.
  expect(screen.getByText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').tagName).toBe('CODE');
});
