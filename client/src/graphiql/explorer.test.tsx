import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Explorer } from './explorer';

describe('Explorer', () => {
  const fetchMock = jest.fn();

  beforeEach(() => {
    window.localStorage.clear();
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('posts the query and variables and shows the formatted JSON answer', async () => {
    // jsdom has no Response; the explorer only reads status and text().
    fetchMock.mockResolvedValue({ status: 200, text: async () => '{"data":{"productsCount":19}}' });
    const user = userEvent.setup();
    render(<Explorer endpoint="/graphql" />);

    const query = screen.getByLabelText('Query');
    await user.clear(query);
    await user.type(query, 'query Count {{ productsCount }');
    const variables = screen.getByLabelText('Variables (JSON)');
    await user.clear(variables);
    await user.type(variables, '{{"a": 1}');
    await user.click(screen.getByRole('button', { name: /run/i }));

    expect(await screen.findByText(/"productsCount": 19/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^HTTP 200 in \d+ ms$/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(JSON.parse(init.body as string)).toEqual({ query: 'query Count { productsCount }', variables: { a: 1 } });
  });

  it('refuses invalid variables without calling the server', async () => {
    const user = userEvent.setup();
    render(<Explorer endpoint="/graphql" />);

    const variables = screen.getByLabelText('Variables (JSON)');
    await user.clear(variables);
    await user.type(variables, '[[1]');
    await user.click(screen.getByRole('button', { name: /run/i }));

    expect(screen.getByRole('status')).toHaveTextContent('Variables must be a JSON object');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
