import { ACCENT_VARIABLE, accentStyle, themeFor, tokens } from './theme';

describe('theme tokens', () => {
  it("are the theme's values, with the environment's accent as the CSS variable the root sets", () => {
    const { environment, colors, ...shape } = themeFor('prd');
    expect(environment).toBe('prd');
    expect(tokens).toEqual({ colors: { ...colors, accent: `var(${ACCENT_VARIABLE})` }, ...shape });
    expect(accentStyle(themeFor('prd'))).toBe(':root { --phoenix-accent: #b91c1c; }');
    expect(accentStyle(themeFor('dev'))).toBe(':root { --phoenix-accent: #2563eb; }');
  });
});
