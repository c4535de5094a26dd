import { runFoodImportCommand } from '../server/foods/foodImportCommand';

await runFoodImportCommand(process.argv.slice(2));
