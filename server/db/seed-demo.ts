export async function seedDemoDataIfEmpty(_db: unknown) {}
