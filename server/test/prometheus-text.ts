/** One sample of Prometheus' text format: `name{label="value",…} number`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const sampleLine = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape (comments and HELP/TYPE lines left out). */
export function parsePrometheusText(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = sampleLine.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(labelPair)) labels[key!] = value!.replace(/\\(.)/g, '$1');
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the sample with this name whose labels include `labels`, summed over the ones that match; 0 if none. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** The metric families a scrape declares (its `# TYPE` lines), by name. */
export function familiesOf(text: string): Map<string, string> {
  return new Map(
    text
      .split('\n')
      .filter((line) => line.startsWith('# TYPE '))
      .map((line) => {
        const [, , name, type] = line.split(' ');
        return [name!, type!] as [string, string];
      }),
  );
}
