/**
 * A set of SQL statements prepared once per connection (`PREPARE`, see `inBatchTransaction`) and
 * then sent as `EXECUTE name(arguments)`. The arguments are still written in the text, so that a
 * statement can ride with BEGIN or COMMIT in one round trip (the simple query protocol takes no
 * parameters), but the statement is parsed, analysed and planned once per connection instead of
 * every time (for the vendor call batch's statements, parsing and planning were about a quarter
 * of PostgreSQL's CPU). The set remembers the connections (pooled clients, or PGlite instances)
 * it was prepared on.
 */
export class PreparedStatements {
  private readonly texts = new Map<string, string>();
  private readonly connections = new WeakSet<object>();

  /** Declares a statement; answers the function that writes its EXECUTE. */
  add(name: string, types: string[], body: string) {
    if (this.texts.has(name)) throw new Error(`prepared statement ${name} declared twice`);
    this.texts.set(name, `prepare ${name}(${types.join(', ')}) as ${body}`);
    return (...args: (string | number)[]) => `execute ${name}(${args.join(', ')})`;
  }

  /**
   * Declares every statement of `other` in this set too (the ledger's statements in the vendor call
   * batch's set): one name, one text, prepared once on a connection whichever set prepares it.
   */
  include(other: PreparedStatements): void {
    for (const [name, text] of other.texts) {
      if (this.texts.has(name)) throw new Error(`prepared statement ${name} declared twice`);
      this.texts.set(name, text);
    }
  }

  /** The PREPARE statement of each name (names as PostgreSQL lists them: lower case). */
  named(): [name: string, statement: string][] {
    return [...this.texts].map(([name, text]) => [name.toLowerCase(), text]);
  }

  isPreparedOn(connection: object): boolean {
    return this.connections.has(connection);
  }

  markPreparedOn(connection: object): void {
    this.connections.add(connection);
  }

  /** The connection lost the statements (something deallocated them): prepared again next time. */
  forget(connection: object): void {
    this.connections.delete(connection);
  }
}
