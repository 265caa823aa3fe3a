export function removeServerHead(): void {
  document.head.querySelectorAll('[data-ssr]').forEach((node) => node.remove());
}
