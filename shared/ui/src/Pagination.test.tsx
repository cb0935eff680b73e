import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { Pagination } from './Pagination';
import { defaultTheme } from './theme';

const renderPager = (props: Partial<React.ComponentProps<typeof Pagination>>) =>
  render(
    <ThemeProvider theme={defaultTheme}>
      <Pagination page={1} pageSize={20} total={45} onPageChange={() => {}} {...props} />
    </ThemeProvider>,
  );

describe('Pagination totals', () => {
  it('a capped total is labelled "10,000+", pages "of 500+"', () => {
    renderPager({ page: 3, total: 10_000, totalCapped: true });
    expect(screen.getByText('41–60 of 10,000+')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 500+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('an exact total has no plus, even at the same size', () => {
    renderPager({ page: 3, total: 10_000 });
    expect(screen.getByText('41–60 of 10,000')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 500')).toBeInTheDocument();
  });

  it('at the last page the server serves, Next is off even when the total is capped', () => {
    renderPager({ page: 500, total: 10_000, totalCapped: true });
    expect(screen.getByText('9,981–10,000 of 10,000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
