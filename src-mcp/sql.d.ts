// `.sql` files are bundled as plain text (esbuild `loader: { '.sql': 'text' }`, and a vitest plugin).
declare module '*.sql' {
  const sql: string;
  export default sql;
}
