/**
 * A named set of SQL statements prepared once per connection (`PREPARE`, see
 * `inBatchTransaction`) and then sent as `EXECUTE name(arguments)`. The arguments are still
 * written in the text, so that a statement can ride with BEGIN or COMMIT in one round trip (the
 * simple query protocol takes no parameters), but the statement is parsed, analysed and planned
 * once per connection instead of every time (for the vendor call batch's statements, parsing and
 * planning were about a quarter of PostgreSQL's CPU).
 */
export class PreparedStatements {
  private readonly texts = new Map<string, string>();

  /** `key` names the set; change it when a statement's text changes. */
  constructor(readonly key: string) {}

  /** Declares a statement; answers the function that writes its EXECUTE. */
  add(name: string, types: string[], body: string) {
    if (this.texts.has(name)) throw new Error(`prepared statement ${name} declared twice`);
    this.texts.set(name, `prepare ${name}(${types.join(', ')}) as ${body}`);
    return (...args: (string | number)[]) => `execute ${name}(${args.join(', ')})`;
  }

  /** The PREPARE statements of the set, to run once on a connection. */
  statements(): string[] {
    return [...this.texts.values()];
  }
}
