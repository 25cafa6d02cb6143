namespace Sorcha.AppHost;

/// <summary>
/// AppHost parameters (Aspire's Parameters:name, e.g. env Parameters__dev-client-secret). A secret that is not given
/// is generated once and kept in the AppHost's data folder, so tokens and keys survive restarts.
/// </summary>
public static class Parameters
{
    public static string SecretOrGenerate(IConfiguration configuration, string name, string dataDirectory, out string? generatedAt)
    {
        generatedAt = null;
        if (configuration[$"Parameters:{name}"] is { Length: > 0 } given)
        {
            return given;
        }

        var file = Path.Combine(Directory.CreateDirectory(dataDirectory).FullName, name);
        if (!File.Exists(file))
        {
            File.WriteAllText(file, SorchaApp.GenerateSecret());
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(file, UnixFileMode.UserRead | UnixFileMode.UserWrite);
            }
        }

        generatedAt = file;
        return File.ReadAllText(file).Trim();
    }
}
