export function sendData(data: unknown): unknown {
  return { success: true, data };
}
