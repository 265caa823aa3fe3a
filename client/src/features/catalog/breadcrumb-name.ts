/** A category as breadcrumbs name it, 'FOR MEN' → 'For Men': the same words as the JSON-LD BreadcrumbList. */
export function breadcrumbName(text: string): string {
  return text.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
}
