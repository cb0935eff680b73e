import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { Checkbox, Select, TextArea, TextField } from './fields';
import { Pagination } from './Pagination';
import { IconButton } from './Button';
import { defaultTheme } from './theme';

const renderUi = (ui: React.ReactElement) => render(<ThemeProvider theme={defaultTheme}>{ui}</ThemeProvider>);

describe('form fields', () => {
  it('label the control and link the error with aria-describedby + aria-invalid', () => {
    renderUi(
      <>
        <TextField label="Key" error="Key is required" />
        <TextArea label="Value" hint="JSON for json variables" />
        <Select label="Type" options={[{ value: 'number', label: 'Number' }]} error="Pick a type" />
        <Checkbox label="Enabled" />
      </>,
    );
    const key = screen.getByLabelText('Key');
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription('Key is required');
    const value = screen.getByLabelText('Value');
    expect(value).not.toHaveAttribute('aria-invalid');
    expect(value).toHaveAccessibleDescription('JSON for json variables');
    expect(screen.getByLabelText('Type')).toHaveAccessibleDescription('Pick a type');
    expect(screen.getByLabelText('Enabled')).toHaveAttribute('type', 'checkbox');
  });

  it('IconButton has an accessible name', () => {
    renderUi(<IconButton label="Close" icon="✕" />);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('Pagination says where we are and disables the ends', () => {
    const onPage = jest.fn();
    renderUi(<Pagination page={1} pageSize={20} total={45} onPageChange={onPage} onPageSizeChange={() => {}} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    screen.getByRole('button', { name: 'Next' }).click();
    expect(onPage).toHaveBeenCalledWith(2);
    expect(screen.getByLabelText('Rows per page')).toHaveValue('20');
  });
});
