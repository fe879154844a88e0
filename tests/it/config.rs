//! `boardls.toml`: the JSON Schema in step with the loader, and the configuration as the
//! command line reads it (discovery, `--config`, `--isolated`, precedence, errors).

use boardls::project;
use std::path::Path;

fn schema() -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/boardls.schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("schema reads")).expect("json")
}

fn keys(object: &serde_json::Value) -> Vec<String> {
    let mut keys: Vec<String> = object
        .as_object()
        .expect("properties")
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

fn sorted(names: &[(&str, &str)]) -> Vec<String> {
    let mut out: Vec<String> = names.iter().map(|(k, _)| (*k).to_string()).collect();
    out.sort();
    out
}

#[test]
fn the_schema_names_the_keys_and_codes_the_loader_knows() {
    let schema = schema();
    assert_eq!(keys(&schema["properties"]), sorted(project::KEYS));
    assert_eq!(
        keys(&schema["properties"]["export"]["properties"]),
        sorted(project::EXPORT_KEYS)
    );
    assert_eq!(
        keys(&schema["properties"]["package"]["properties"]),
        sorted(project::PACKAGE_KEYS)
    );
    let mut codes: Vec<&str> = boardls::analysis::codes::all_codes().collect();
    codes.sort_unstable();
    for list in ["allow", "deny"] {
        let mut listed: Vec<&str> = schema["properties"][list]["items"]["enum"]
            .as_array()
            .expect("enum")
            .iter()
            .filter_map(|c| c.as_str())
            .collect();
        listed.sort_unstable();
        assert_eq!(listed, codes, "{list}");
    }
}

/// A `boardls.toml` as JSON, as an editor's TOML server gives it to the schema.
fn as_json(toml_text: &str) -> serde_json::Value {
    toml::from_str(toml_text).expect("valid TOML")
}

#[test]
fn the_schema_accepts_what_the_loader_accepts_and_refuses_what_it_refuses() {
    let validator = jsonschema::validator_for(&schema()).expect("the schema compiles");
    let accepted = [
        "",
        "allow = [\"W301\"]\ndeny = [\"I220\"]\nexclude = [\"gen/\"]\nnodes = 5\ntime = 1.5\n\
         memory = 64\nsuite = true\n[export]\nout = \"tests\"\n",
        "time = 0\n",
    ];
    let refused = [
        "alow = [\"W301\"]\n",
        "deny = [\"W999\"]\n",
        "nodes = -1\n",
        "memory = 0\n",
        "suite = \"yes\"\n",
        "[export]\nouts = \"x\"\n",
    ];
    for text in accepted {
        assert!(project::parse(text).is_ok(), "loader: {text}");
        assert!(validator.is_valid(&as_json(text)), "schema: {text}");
    }
    for text in refused {
        assert!(project::parse(text).is_err(), "loader: {text}");
        assert!(!validator.is_valid(&as_json(text)), "schema: {text}");
    }
}
