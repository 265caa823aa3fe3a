/**
 * Counts the SQL statements the ORM sends. Tests read the difference around one request to
 * prove that a list costs a constant number of statements whatever its length (no N+1).
 */
export class StatementCounter {
  private count = 0;
  private readonly recent: string[] = [];

  record(sql: string): void {
    this.count += 1;
    this.recent.push(sql);
    if (this.recent.length > 100) this.recent.shift();
  }

  get total(): number {
    return this.count;
  }

  /** The statements recorded since `mark` (a value of `total`), newest last, at most 100. */
  since(mark: number): string[] {
    const wanted = this.count - mark;
    return wanted <= 0 ? [] : this.recent.slice(-Math.min(wanted, this.recent.length));
  }

  async measure<T>(work: () => Promise<T>): Promise<{ result: T; statements: number; sql: string[] }> {
    const mark = this.count;
    const result = await work();
    return { result, statements: this.count - mark, sql: this.since(mark) };
  }
}
