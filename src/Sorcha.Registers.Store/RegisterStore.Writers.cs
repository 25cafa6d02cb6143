using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>What a caller may do with a register's write right.</summary>
public enum WriteRight
{
    UnknownRegister,
    None,
    Owner,
    Writer,
}

/// <summary>The outcome of a grant or revoke.</summary>
public enum WriterChange
{
    UnknownRegister,
    NotOwner,
    Done,
}

public sealed partial class RegisterStore
{
    /// <summary>Whether <paramref name="subject"/> may append to the register: its owner, a granted writer, or neither.</summary>
    public async Task<WriteRight> GetWriteRightAsync(string registerId, string subject)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return WriteRight.UnknownRegister;
        }

        var reply = (CanWriteReply)(long)await Db.ScriptEvaluateAsync(WriterScripts.CanWrite,
            [RegisterKeys.Meta(registerId), RegisterKeys.Writers(registerId)], [subject]);
        return reply switch
        {
            CanWriteReply.Unknown => WriteRight.UnknownRegister,
            CanWriteReply.Owner => WriteRight.Owner,
            CanWriteReply.Writer => WriteRight.Writer,
            _ => WriteRight.None,
        };
    }

    /// <summary>Grants (or revokes) <paramref name="subject"/>'s right to append, if <paramref name="caller"/> owns the register.</summary>
    public async Task<WriterChange> ChangeWriterAsync(string registerId, string caller, string subject, bool grant)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return WriterChange.UnknownRegister;
        }

        var reply = (ChangeReply)(long)await Db.ScriptEvaluateAsync(WriterScripts.Change,
            [RegisterKeys.Meta(registerId), RegisterKeys.Writers(registerId)], [caller, grant ? "grant" : "revoke", subject]);
        return reply switch
        {
            ChangeReply.Unknown => WriterChange.UnknownRegister,
            ChangeReply.NotOwner => WriterChange.NotOwner,
            _ => WriterChange.Done,
        };
    }

    /// <summary>The granted writers in ordinal order (the owner is not among them); empty for an unknown register.</summary>
    public async Task<IReadOnlyList<string>> GetWritersAsync(string registerId)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return [];
        }

        var members = await Db.SetMembersAsync(RegisterKeys.Writers(registerId));
        return [.. members.Select(m => (string)m!).Order(StringComparer.Ordinal)];
    }
}
