import { publishServerConfig, SERVER_CONFIG_ELEMENT_ID } from './server-config';

function pageWith(json: string | null): Pick<Document, 'getElementById'> {
  const page = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const script = page.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_CONFIG_ELEMENT_ID;
    script.textContent = json;
    page.body.append(script);
  }
  return page;
}

describe('publishServerConfig', () => {
  it("publishes the server's JSON settings for the features to read", () => {
    const target: Pick<Window, '__MANUKATO_CONFIG__'> = {};
    publishServerConfig(pageWith('{"googleClientId":"client-123"}'), target);
    expect(target.__MANUKATO_CONFIG__).toEqual({ googleClientId: 'client-123' });
  });

  it.each([
    ['no data block', null],
    ['bad JSON', '{"googleClientId":'],
    ['an array', '["client-123"]'],
    ['null', 'null'],
  ])('gives no settings for %s', (_case, json) => {
    const target: Pick<Window, '__MANUKATO_CONFIG__'> = {};
    publishServerConfig(pageWith(json), target);
    expect(target.__MANUKATO_CONFIG__).toEqual({});
  });
});
