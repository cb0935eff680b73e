import styled from 'styled-components';

export const DashboardHeading = styled.h1`
  margin: 0 0 1rem;
  font-size: 1.5rem;
`;
