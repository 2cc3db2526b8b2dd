/** The shortest tracer text worth replacing: a built-in tracer's name (`callTracer`) is left as it is. */
const minEchoChars = 40;

/**
 * Replaces the tracer a node echoes in its error text (hardhat sends the whole request back) with a short stand-in,
 * in its plain and its JSON-escaped form; the node's own words stay as they are.
 */
export function elideTracer(text: string, tracer: string | undefined): string {
  if (!tracer || tracer.length < minEchoChars) return text;
  const stand = `‹the tracer as sent, ${tracer.length.toLocaleString('en-US')} characters›`;
  let out = text;
  for (const form of new Set([tracer, JSON.stringify(tracer).slice(1, -1)]))
    out = out.split(form).join(stand);
  return out;
}

/** `text` cut to `max` characters, ending with how many were left out. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const left = text.length - max;
  const count = `${left.toLocaleString('en-US')} more character${left === 1 ? '' : 's'}`;
  return `${text.slice(0, max)}… (${count}; Copy details has them all)`;
}
