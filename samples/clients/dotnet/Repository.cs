namespace Sorcha.Samples.Client;

/// <summary>Files of the Sorcha repository the sample runs in, found above the working directory.</summary>
public static class Repository
{
    public static string File(string relativePath)
    {
        for (var dir = new DirectoryInfo(Environment.CurrentDirectory); dir is not null; dir = dir.Parent)
        {
            var candidate = Path.Combine(dir.FullName, relativePath);
            if (System.IO.File.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new FileNotFoundException($"{relativePath} not found above {Environment.CurrentDirectory}: run from the Sorcha repository.");
    }
}
