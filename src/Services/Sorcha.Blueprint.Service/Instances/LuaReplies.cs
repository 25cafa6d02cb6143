using System.Globalization;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>Declares an enum's members as Lua locals, so a script returns a reply by the name C# reads it by.</summary>
internal static class LuaReplies
{
    /// <summary><c>local Busy, Moved = 0, 1</c> and a newline, for the top of a script.</summary>
    public static string Declare<TReply>() where TReply : struct, Enum
    {
        var members = Enum.GetValues<TReply>();
        var values = members.Select(m => Convert.ToInt64(m, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture));
        return $"local {string.Join(", ", members)} = {string.Join(", ", values)}\n";
    }
}
