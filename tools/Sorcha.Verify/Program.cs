using Sorcha.Verify;

return await VerifyCommand.RunAsync(args, Console.Out, Console.Error);
