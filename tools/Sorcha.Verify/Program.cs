using Sorcha.Verify;

return args is [AttachmentCommand.Name, .. var rest]
    ? await AttachmentCommand.RunAsync(rest, Console.Out, Console.Error)
    : await VerifyCommand.RunAsync(args, Console.Out, Console.Error);
