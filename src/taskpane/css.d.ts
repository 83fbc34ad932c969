/** webpack loads .css as text (asset/source); the pane adds it as a <style> element. */
declare module '*.css' {
  const text: string;
  export default text;
}
