export async function seedDatabase(): Promise<void> {}
