/**
 * A copy of the spec with ten times the flow-action variants, for the generator's scaling figure:
 * every provider file is copied nine times under a new type (`STRIPE_V2` … `STRIPE_V10`), its records
 * renamed to match. Written into `dir`, which the caller removes.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function writeWideSpec(specDir: string, dir: string, copies = 10): number {
  cpSync(specDir, dir, { recursive: true });
  const actions = join(dir, "flow-actions");
  let variants = 0;
  for (const file of readdirSync(actions).filter((f) => f.endsWith(".yaml") && !f.startsWith("_"))) {
    const text = readFileSync(join(actions, file), "utf8");
    const type = /^type: (\S+)$/m.exec(text)![1]!;
    const pascal = type.split("_").map((w) => w[0] + w.slice(1).toLowerCase()).join("");
    variants += copies * (text.match(/^ {2}- action: /gm)?.length ?? 0);
    for (let k = 2; k <= copies; k++) {
      const copy = text
        .replace(`type: ${type}\n`, `type: ${type}_V${k}\n`)
        .replaceAll(`FlowAction${pascal}`, `FlowAction${pascal}V${k}`)
        .replace(/^title: (.*)$/m, `title: $1 v${k}`);
      writeFileSync(join(actions, file.replace(/\.yaml$/, `-v${k}.yaml`)), copy);
    }
  }
  return variants;
}
