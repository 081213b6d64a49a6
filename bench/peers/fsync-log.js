// The peers' durable store: an append-only file. append(line) resolves once
// the line is written and fdatasync()ed. Lines that arrive while a sync is in
// flight share the next one (group commit, as Brethren's SQLite writer
// does), so each move is durable before its promise resolves but the disk
// is not asked for one sync per move when moves come faster than syncs.
// With sync false, lines are written (page cache) and never synced.
import fs from 'node:fs';

export class FsyncLog {
  constructor(path, { sync = true } = {}) {
    this.fd = fs.openSync(path, 'a');
    this.sync = sync;
    this.pending = [];
    this.flushing = false;
    this.writes = 0;
    this.syncs = 0;
  }

  append(line) {
    return new Promise((resolve, reject) => {
      this.pending.push({ line, resolve, reject });
      if (!this.flushing) this.flush();
    });
  }

  flush() {
    const batch = this.pending;
    this.pending = [];
    this.flushing = true;
    const data = batch.map((b) => b.line + '\n').join('');
    fs.write(this.fd, data, (err) => {
      if (err || !this.sync) return this.done(batch, err);
      fs.fdatasync(this.fd, (err2) => {
        ++this.syncs;
        this.done(batch, err2);
      });
    });
  }

  done(batch, err) {
    this.writes += batch.length;
    for (const b of batch) err ? b.reject(err) : b.resolve();
    if (this.pending.length > 0) this.flush();
    else this.flushing = false;
  }

  stats() {
    return `writes=${this.writes} syncs=${this.syncs}`;
  }
}
