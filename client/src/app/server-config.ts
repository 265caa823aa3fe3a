/** The id of the <script type="application/json"> in which the server writes the browser's run-time settings. */
export const SERVER_CONFIG_ELEMENT_ID = '__MANUKATO_CONFIG__';

/**
 * Reads the server's run-time settings (e.g. Google's client id) from their JSON data block and publishes them as
 * `window.__MANUKATO_CONFIG__`, where the features read them. A data block, not an inline script: the
 * Content-Security-Policy allows no inline script. Missing or bad JSON gives no settings.
 */
export function publishServerConfig(
  root: Pick<Document, 'getElementById'> = document,
  target: Pick<Window, '__MANUKATO_CONFIG__'> = window,
): void {
  let settings: unknown;
  try {
    settings = JSON.parse(root.getElementById(SERVER_CONFIG_ELEMENT_ID)?.textContent || '{}');
  } catch {
    settings = {};
  }
  target.__MANUKATO_CONFIG__ =
    typeof settings === 'object' && settings !== null && !Array.isArray(settings) ? settings : {};
}
