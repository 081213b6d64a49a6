import type { Catalogue } from "../i18n";

export const it: Catalogue = {};
