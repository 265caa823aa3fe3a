/** The form field a server FieldError names, when the form has it (the server says 'email', 'password', …). */
export function fieldOf<Field extends string>(field: string | undefined, fields: readonly Field[]): Field | undefined {
  return fields.find((candidate) => candidate === field);
}
