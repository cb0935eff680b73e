import { checksumAddress } from './wallet';

describe('checksumAddress', () => {
  // EIP-55's own examples, given lower-cased as they are stored.
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  ])('writes %s in its mixed case, every time it is asked', (expected) => {
    expect(checksumAddress(expected.toLowerCase())).toBe(expected);
    expect(checksumAddress(expected.toUpperCase().replace('0X', '0x'))).toBe(expected);
  });

  it('leaves what is not an address as it is', () => {
    expect(checksumAddress('not-a-wallet')).toBe('not-a-wallet');
    expect(checksumAddress('0x1234')).toBe('0x1234');
  });
});
