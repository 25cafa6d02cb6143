using Sorcha.Verify;

return args switch
{
    [AttachmentCommand.Name, .. var rest] => await AttachmentCommand.RunAsync(rest, Console.Out, Console.Error),
    [TombstoneCommand.Name, .. var rest] => await TombstoneCommand.RunAsync(rest, Console.Out, Console.Error),
    _ => await VerifyCommand.RunAsync(args, Console.Out, Console.Error),
};
