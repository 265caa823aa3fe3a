/** Messages a form cannot attach to one field, announced as a list. */
export function FormProblems({ label, messages }: { label: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul role="alert" className="admin-form__error" aria-label={label}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
