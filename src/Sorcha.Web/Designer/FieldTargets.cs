using Sorcha.Web.Forms;

namespace Sorcha.Web.Designer;

/// <summary>
/// Where a problem's JSON Pointer (into the blueprint) is edited: the element id of the editor field for it, found by
/// dropping tokens from the end until a field exists (the designer tries each in turn) ("/actions/0/dataSchema/properties/x/type" is the data schema's
/// editor), and the action it belongs to, so the designer can open that action first.
/// </summary>
public static class FieldTargets
{
    public const string Prefix = "bp";

    public static string Id(string at) => Pointers.ToId(Prefix, at);

    /// <summary>The index of the action a pointer names (/actions/{i}/…), or null.</summary>
    public static int? ActionIndex(string at)
    {
        var parts = at.Split('/');
        return parts.Length > 2 && parts[1] == "actions" && int.TryParse(parts[2], System.Globalization.CultureInfo.InvariantCulture, out var i) ? i : null;
    }
}
